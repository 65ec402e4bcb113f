-- Issue 11: this migration's tables arrive with its feature; until then it does nothing.
SELECT 1;
