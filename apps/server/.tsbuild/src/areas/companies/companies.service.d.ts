import {
  type MemberAccess,
  type TCompany,
  type TCompanySave,
  type TCompanySummary,
  type TGroupSave,
  type TInvite,
} from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import type { AuthService } from '../auth/auth.service.js';
export type CompaniesService = ReturnType<typeof createCompaniesService>;
export declare function createCompaniesService(
  deps: AppDeps,
  auth: AuthService,
): {
  listMine(userId: string): Promise<TCompanySummary[]>;
  get(companyId: string, me: MemberAccess): Promise<TCompany>;
  /** Create a company; its creator is the owner and its first member. */
  create(
    userId: string,
    companyName: string,
    logo: {
      data: Buffer;
      contentType: string;
    } | null,
  ): Promise<{
    _id: string;
  }>;
  save(
    companyId: string,
    b: TCompanySave,
  ): Promise<{
    _id: string;
  }>;
  setLogo(
    companyId: string,
    userId: string,
    logo: {
      data: Buffer;
      contentType: string;
    },
  ): Promise<{
    companyLogo: string;
  }>;
  listGroups(companyId: string): Promise<
    {
      _id: string;
      name: string;
      rights: Partial<
        Record<
          'invoices' | 'expenses' | 'clients' | 'appointments' | 'settings',
          {
            c?: boolean | undefined;
            r?: boolean | undefined;
            u?: boolean | undefined;
            d?: boolean | undefined;
          }
        >
      >;
    }[]
  >;
  saveGroup(
    companyId: string,
    b: TGroupSave,
  ): Promise<{
    _id: string;
  }>;
  deleteGroup(
    companyId: string,
    groupId: string,
  ): Promise<{
    message: string;
  }>;
  saveMember(
    companyId: string,
    userId: string,
    b: {
      group?: string | null;
      disabled?: boolean;
    },
  ): Promise<{
    message: string;
  }>;
  /** Invite by e-mail: an existing account joins, otherwise one is made; either way a sign-in link goes out. */
  invite(
    companyId: string,
    inviterId: string,
    b: TInvite,
  ): Promise<{
    message: string;
  }>;
};
