import type { TPerson, TPersonSave } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { imagePath } from '../auth/index.js';
import { deleteUserFile, storeFile } from '../files/index.js';
import * as repo from './people.repo.js';

const present = (p: repo.PersonRow): TPerson => ({
  _id: p.id,
  name: p.name,
  surname: p.surname,
  rank: p.rank,
  weight: p.weight,
  height: p.height,
  circum: p.circum,
  profilePicture: imagePath(p.profilePicture),
});

export type PeopleService = ReturnType<typeof createPeopleService>;

export function createPeopleService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  const missing = () => notFound('Person not found');
  return {
    list: async (ownerId: string) => (await repo.listPeople(db, ownerId)).map(present),
    async get(ownerId: string, id: string) {
      const p = await repo.getPerson(db, ownerId, id);
      if (!p) throw missing();
      return present(p);
    },
    async create(ownerId: string, b: TPersonSave) {
      return { _id: await repo.insertPerson(db, ownerId, b) };
    },
    async save(ownerId: string, id: string, b: TPersonSave) {
      if (!(await repo.updatePerson(db, ownerId, id, b))) throw missing();
      return { _id: id };
    },
    async setPicture(ownerId: string, id: string, img: { data: Buffer; contentType: string }) {
      return db.transaction(async (tx) => {
        const p = await repo.getPerson(tx, ownerId, id);
        if (!p) throw missing();
        // A person's picture belongs to no company: not counted (the quota is never reached).
        const fileId = await storeFile(
          tx,
          { quotaBytes: Number.POSITIVE_INFINITY, field: 'file' },
          { companyId: null, userId: ownerId, ...img },
        );
        await repo.updatePerson(tx, ownerId, id, { profilePicture: fileId });
        if (p.profilePicture) await deleteUserFile(tx, ownerId, p.profilePicture);
        return { profilePicture: imagePath(fileId)! };
      });
    },
  };
}
