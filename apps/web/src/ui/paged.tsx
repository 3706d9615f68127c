import { useState } from 'react';
import { Group, Pagination } from '@mantine/core';

/** Rows shown per page in the tables that are paged rather than virtualised. */
export const PAGE_SIZE = 50;

/** One page of `rows`; a shorter list (another tab or period) keeps the page within range. */
export function usePaged<T>(rows: readonly T[], size = PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages);
  return {
    shown: rows.slice((current - 1) * size, current * size),
    page: current,
    pages,
    setPage,
  };
}

/** The page switcher under a paged table; nothing when everything fits on one page. */
export function PagedFooter({ paged }: { paged: ReturnType<typeof usePaged> }) {
  if (paged.pages <= 1) return null;
  return (
    <Group justify="center" p="md">
      <Pagination total={paged.pages} value={paged.page} onChange={paged.setPage} size="sm" />
    </Group>
  );
}
