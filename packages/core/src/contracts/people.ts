import { z } from 'zod';
import { text } from './common.js';

/** The leftover people screens (body measurements), kept because the product has them. */
export const PERSON_TYPES = ['client', 'makeup', 'admin'] as const;

const measure = (max: number) => z.number().min(0).max(max).nullable().optional();

export const ZPersonSave = z.object({
  name: text(100),
  surname: text(100),
  rank: z.enum(PERSON_TYPES),
  weight: measure(1000),
  height: measure(3),
  circum: measure(1000),
});
export type TPersonSave = z.infer<typeof ZPersonSave>;

export const ZPerson = z.object({
  _id: z.string(),
  name: z.string(),
  surname: z.string(),
  rank: z.enum(PERSON_TYPES),
  weight: z.number().nullable(),
  height: z.number().nullable(),
  circum: z.number().nullable(),
  profilePicture: z.string().nullable(),
});
export type TPerson = z.infer<typeof ZPerson>;
