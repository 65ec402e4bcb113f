CREATE INDEX IF NOT EXISTS "audit_events_chain_person_sequence_idx" ON "audit_events" USING btree ("chain","actor_person_id","sequence");
