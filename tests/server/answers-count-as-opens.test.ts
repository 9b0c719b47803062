import {
  recordCustomAnswers,
  recordOpen,
  recordSurveyAnswer,
} from '../../server/modules/public-pages/recipient-pages.repository.ts';
import { insertTestCampaign, messagesOf } from './helpers/campaigns.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** Issue 22, defect 5: answering a survey did not count as an open (images off: no pixel). */
describe('a survey answer is an open', () => {
  let t: TestApp;
  let senderId: string;
  beforeAll(async () => {
    t = await createTestApp();
    senderId = (await t.createUser({ role: 'sender' })).id;
  });
  afterAll(() => t.close());

  const opensOf = async (campaignId: string) =>
    (await messagesOf(t.app.db, campaignId)).map((row) => ({
      opened: row.opened_at !== null,
      count: row.open_count,
    }));

  it('counts one open for the first answer of a message no pixel saw, and none for a seen one', async () => {
    const campaignId = await insertTestCampaign(t.app.db, {
      userId: senderId,
      recipients: [{ email: 'a@example.test' }, { email: 'b@example.test' }, { email: 'c@example.test' }],
    });
    const [a, b, c] = await messagesOf(t.app.db, campaignId);
    const at = t.app.now().toISOString();
    await recordSurveyAnswer(t.app.db, a!.id, 'yes', at);
    await recordSurveyAnswer(t.app.db, a!.id, 'no', at);
    await recordOpen(t.app.db, b!.id, at, false);
    await recordSurveyAnswer(t.app.db, b!.id, 'yes', at);
    await recordCustomAnswers(t.app.db, c!.id, [{ question: 'City?', answer: 'Jeddah' }], at);
    expect(await opensOf(campaignId)).toEqual([
      { opened: true, count: 1 },
      { opened: true, count: 1 },
      { opened: true, count: 1 },
    ]);
  });
});
