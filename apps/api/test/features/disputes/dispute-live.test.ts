import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../helper.ts';
import { changed, listenOnEphemeralPort, openEventStream } from '../live/live-fixtures.ts';
import { disputedPayment, disputeTestConfig, listDisputes, postAccept, runJob } from './dispute-fixtures.ts';

describe('disputes on the live stream', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await buildTestApp(disputeTestConfig());
    baseUrl = await listenOnEphemeralPort(ctx.app);
  });
  afterAll(() => ctx.close());

  it("tells the merchant a dispute opened and was answered (the sidebar badge's 'dispute' notice)", async () => {
    const paid = await disputedPayment(ctx.app);
    const stream = await openEventStream(baseUrl, paid.merchant.token);
    await runJob(ctx.app);
    await stream.waitFor(changed('dispute'));
    const opened = stream.events.filter(changed('dispute')).length;
    const [dispute] = (await listDisputes(ctx.app, paid.merchant)).items;
    await postAccept(ctx.app, paid.merchant, dispute?.id ?? '');
    await expect.poll(() => stream.events.filter(changed('dispute')).length).toBeGreaterThan(opened);
    stream.close();
  });
});
