import type { GroupRights } from '@fieldbook/core';
import type { Harness } from './harness.js';
/** Tests read answers loosely (`r.body.fields.x`); their assertions are the check. */
export type Loose = any;
export interface Answer<T = Loose> {
    status: number;
    body: T;
    headers: Record<string, unknown>;
}
/** An API client for one signed-in user (or nobody), going through HTTP injection. */
export declare class ApiClient {
    private readonly h;
    readonly username?: string | undefined;
    readonly token?: string | undefined;
    constructor(h: Harness, username?: string | undefined, token?: string | undefined);
    private headers;
    request<T = Loose>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
    get: <T = Loose>(url: string) => Promise<Answer<T>>;
    post: <T = Loose>(url: string, body?: unknown) => Promise<Answer<T>>;
    delete: <T = Loose>(url: string) => Promise<Answer<T>>;
    /** A multipart POST: text fields and files. */
    upload<T = Loose>(url: string, fields: Record<string, string>, files: Record<string, {
        data: Buffer;
        filename: string;
        type: string;
    }>): Promise<Answer<T>>;
}
export interface TestUser {
    id: string;
    username: string;
    email: string;
    password: string;
    token: string;
    api: ApiClient;
}
/** An active user with a session. */
export declare function buildUser(h: Harness, over?: {
    username?: string;
    rank?: string | null;
    password?: string;
}): Promise<TestUser>;
/** A company owned by `owner` (a new user when none is given). */
export declare function buildCompany(h: Harness, owner?: TestUser): Promise<{
    id: string;
    owner: TestUser;
}>;
/** A member of the company in a new group with these rights (null: no group). */
export declare function buildMember(h: Harness, companyId: string, rights: GroupRights | null, opts?: {
    disabled?: boolean;
}): Promise<{
    groupId: string | null;
    id: string;
    username: string;
    email: string;
    password: string;
    token: string;
    api: ApiClient;
}>;
export declare const anonymous: (h: Harness) => ApiClient;
