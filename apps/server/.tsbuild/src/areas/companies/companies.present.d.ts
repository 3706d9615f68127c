import type { MemberAccess, TCompany, TCompanyGroup, TCompanySummary } from '@fieldbook/core';
import type { CompanyRow, GroupRow, listCompaniesOfUser, listMembers } from './companies.repo.js';
type MemberListRow = Awaited<ReturnType<typeof listMembers>>[number];
type SummaryRow = Awaited<ReturnType<typeof listCompaniesOfUser>>[number];
export declare const presentGroup: (g: GroupRow) => TCompanyGroup;
export declare function presentSummary(c: SummaryRow, userId: string): TCompanySummary;
/** The company for its members; secrets leave only as "is there one". */
export declare function presentCompany(
  c: CompanyRow,
  members: MemberListRow[],
  groups: GroupRow[],
  me: MemberAccess,
): TCompany;
export {};
