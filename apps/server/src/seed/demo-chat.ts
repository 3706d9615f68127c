import { createChatService } from '../areas/chat/index.js';
import { createTasksService } from '../areas/tasks/index.js';
import type { AppDeps } from '../platform/deps.js';

/** The owner and the technician on the dashboard's chat; the last word is hers, unread. */
const CHAT: ['owner' | 'tech', string][] = [
  ['owner', 'Morning Thandi, your round is on the planner: eight visits today.'],
  ['tech', 'Thanks. The Parow client has no pin on the map; I will phone for directions.'],
  ['owner', 'Good. The geyser parts are at the Bellville counter, under our name.'],
  ['tech', 'Collected. On my way to the first job now.'],
];

/**
 * The demo's dashboard in use: a conversation between the owner and the
 * technician (one message unread for the owner, so the badge shows it), and a
 * task coupon the owner gave her, ready to open.
 */
export async function seedDemoChat(
  deps: AppDeps,
  companyId: string,
  ownerId: string,
  techId: string,
): Promise<void> {
  const chat = createChatService(deps);
  const { chatRoom } = await chat.initiate(companyId, ownerId, { companyId, userIds: [techId] });
  for (const [who, text] of CHAT)
    await chat.post(who === 'owner' ? ownerId : techId, chatRoom._id, { text });
  await createTasksService(deps).create(companyId, ownerId, {
    companyId,
    name: 'Lunch on us for the Voortrekker Road job',
    userId: techId,
  });
}
