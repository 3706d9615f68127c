import type { GroupRights } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { companies, companyGroups } from '../../db/schema/index.js';
export type CompanyRow = typeof companies.$inferSelect;
export type GroupRow = typeof companyGroups.$inferSelect;
export declare function listCompaniesOfUser(
  db: Tx,
  userId: string,
): Promise<
  {
    id: string;
    companyName: string;
    logo: string | null;
    ownerId: string;
  }[]
>;
export declare function getCompany(db: Tx, companyId: string): Promise<CompanyRow | null>;
export declare function insertCompany(
  db: Tx,
  v: typeof companies.$inferInsert,
): Promise<CompanyRow>;
export declare function updateCompany(
  db: Tx,
  companyId: string,
  patch: Partial<typeof companies.$inferInsert>,
): Promise<void>;
export declare function listMembers(
  db: Tx,
  companyId: string,
): Promise<
  {
    userId: string;
    groupId: string | null;
    disabled: boolean;
    name: string;
    surname: string;
    email: string;
  }[]
>;
export declare function findMembership(
  db: Tx,
  companyId: string,
  userId: string,
): Promise<{
  companyId: string;
  userId: string;
  groupId: string | null;
  disabled: boolean;
  joinedAt: Date;
} | null>;
export declare function addMember(
  db: Tx,
  companyId: string,
  userId: string,
  groupId: string | null,
): Promise<void>;
export declare function updateMember(
  db: Tx,
  companyId: string,
  userId: string,
  patch: {
    groupId?: string | null;
    disabled?: boolean;
  },
): Promise<boolean>;
export declare function listGroups(db: Tx, companyId: string): Promise<GroupRow[]>;
export declare function findGroup(
  db: Tx,
  companyId: string,
  groupId: string,
): Promise<GroupRow | null>;
export declare function insertGroup(
  db: Tx,
  companyId: string,
  name: string,
  rights: GroupRights,
): Promise<string>;
export declare function updateGroup(
  db: Tx,
  companyId: string,
  groupId: string,
  name: string,
  rights: GroupRights,
): Promise<boolean>;
export declare function deleteGroup(db: Tx, companyId: string, groupId: string): Promise<boolean>;
