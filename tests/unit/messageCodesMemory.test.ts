import { describe, expect, it } from 'vitest';
import { codeOf, refusal, settleRuleMessages } from '../../src/domain/messageCodes';

describe('the codes of messages said', () => {
  it('keeps a write rule’s code for good, however many run-time messages follow, and only the latest of those', () => {
    // A rule built at module load, before the services settle (server/app.ts buildApp).
    const rule = refusal('atMost', { label: 'seats', max: 60 });
    settleRuleMessages();
    const first = refusal('sosFrom', { caller: 'passenger', who: 'Amina', trip: 1 });
    for (let trip = 2; trip <= 6000; trip++) refusal('sosFrom', { caller: 'passenger', who: 'Amina', trip });

    expect(codeOf(rule)).toEqual({ code: 'atMost', params: { label: 'seats', max: '60' } });
    expect(codeOf(first)).toBeUndefined();
    expect(codeOf(refusal('sosFrom', { caller: 'passenger', who: 'Amina', trip: 6000 }))?.code).toBe('sosFrom');
  });
});
