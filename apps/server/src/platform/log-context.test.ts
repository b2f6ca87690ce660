import { describe, expect, it } from 'vitest';
import {
  addToLogContext,
  currentLogContext,
  idsIn,
  logContextMixin,
  outsideLogContext,
  runWithLogContext,
} from './log-context';

const unbound = { bindings: () => ({}) };

describe('log context', () => {
  it('follows the work across awaits and timers, and is added to by what the work learns', async () => {
    const seen = await runWithLogContext({ queue: 'message.deliver', jobId: 'j1' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      addToLogContext({ organizationId: 'org', issueId: 7 });
      await Promise.resolve();
      return logContextMixin({}, 30, unbound);
    });
    expect(seen).toEqual({ queue: 'message.deliver', jobId: 'j1', organizationId: 'org', issueId: 7 });
    expect(currentLogContext()).toBeUndefined();
  });

  it('starts each unit of work afresh, and leaves work woken from inside it without it', () => {
    runWithLogContext({ reqId: 'req-1', organizationId: 'org' }, () => {
      expect(runWithLogContext({ inboundId: 5 }, () => currentLogContext())).toEqual({ inboundId: 5 });
      expect(outsideLogContext(() => currentLogContext())).toBeUndefined();
    });
  });

  it("leaves out what the line's logger has bound already", () => {
    const requestLogger = { bindings: () => ({ reqId: 'req-1', organizationId: 'org' }) };
    const fields = runWithLogContext({ reqId: 'req-1', organizationId: 'org', issueId: 3 }, () =>
      logContextMixin({}, 30, requestLogger),
    );
    expect(fields).toEqual({ issueId: 3 });
  });

  it("takes a job's organisation and issue from its data, when it names them", () => {
    expect(idsIn({ organizationId: 'org', issueId: 9, text: 'x' })).toEqual({
      organizationId: 'org',
      issueId: 9,
    });
    expect(idsIn({ messageId: 1 })).toEqual({});
    expect(idsIn(null)).toEqual({});
  });
});
