import type { TPersonSave } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
export type PeopleService = ReturnType<typeof createPeopleService>;
export declare function createPeopleService(deps: AppDeps): {
  list: (ownerId: string) => Promise<
    {
      _id: string;
      name: string;
      surname: string;
      rank: 'client' | 'makeup' | 'admin';
      weight: number | null;
      height: number | null;
      circum: number | null;
      profilePicture: string | null;
    }[]
  >;
  get(
    ownerId: string,
    id: string,
  ): Promise<{
    _id: string;
    name: string;
    surname: string;
    rank: 'client' | 'makeup' | 'admin';
    weight: number | null;
    height: number | null;
    circum: number | null;
    profilePicture: string | null;
  }>;
  create(
    ownerId: string,
    b: TPersonSave,
  ): Promise<{
    _id: string;
  }>;
  save(
    ownerId: string,
    id: string,
    b: TPersonSave,
  ): Promise<{
    _id: string;
  }>;
  setPicture(
    ownerId: string,
    id: string,
    img: {
      data: Buffer;
      contentType: string;
    },
  ): Promise<{
    profilePicture: string;
  }>;
};
