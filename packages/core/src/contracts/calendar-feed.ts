import { z } from 'zod';

/** A member's private calendar feed in one company: off (url null) or its subscription URL. */
export const ZCalendarFeed = z.object({
  enabled: z.boolean(),
  url: z.string().nullable(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;
