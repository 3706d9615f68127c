import { Combobox, Group, Loader, Text, TextInput, useCombobox, useMatches } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { SearchGroup, TSearchHit, TSearchResults } from '@fieldbook/core';
import { useNavigate } from 'react-router';
import { useGlobalSearchResults } from '../../api/use-search';
import { useGlobalSearch } from '../../app/search-context';

const HEADINGS: Record<SearchGroup, string> = {
  clients: 'Clients',
  suppliers: 'Suppliers',
  invoices: 'Invoices',
  quotes: 'Quotes',
  jobs: 'Jobs',
};

/**
 * The screen a result opens: the client, supplier or document page, or the job's
 * modal over the board of its own type (not whichever board was shown last).
 */
export function resultPath(group: SearchGroup, id: string, typeId?: string): string {
  const e = encodeURIComponent(id);
  if (group === 'clients') return `/clients/${e}`;
  if (group === 'suppliers') return `/suppliers/${e}`;
  if (group === 'jobs')
    return typeId ? `/statuses?types=${encodeURIComponent(typeId)}&job=${e}` : `/statuses?job=${e}`;
  return `/invoices/${e}`;
}

/** group:id, and :typeId for a job (ids are uuids, without colons). */
const optionValue = (group: SearchGroup, hit: TSearchHit) =>
  [group, hit._id, ...(hit.typeId ? [hit.typeId] : [])].join(':');

/** `stale`: the answer of an earlier text, shown while the next loads but not chosen with Enter. */
function Results({ data, stale }: { data: TSearchResults; stale: boolean }) {
  const shown = data.groups.filter((g) => g.hits.length > 0);
  if (shown.length === 0) return <Combobox.Empty>No results</Combobox.Empty>;
  return shown.map((g) => (
    <Combobox.Group key={g.group} label={HEADINGS[g.group]}>
      {g.hits.map((hit) => (
        <Combobox.Option
          key={hit._id}
          value={optionValue(g.group, hit)}
          disabled={stale}
          style={stale ? { opacity: 0.6 } : undefined}
        >
          <Text size="sm" fw={500} truncate="end">
            {hit.label || '—'}
          </Text>
          {hit.sublabel && (
            <Text size="xs" c="dimmed" truncate="end">
              {hit.sublabel}
            </Text>
          )}
        </Combobox.Option>
      ))}
    </Combobox.Group>
  ));
}

/**
 * The top bar's search box. What is typed stays the global search text that
 * list screens filter by (search-context); it also opens a dropdown of the
 * company's clients, suppliers, invoices, quotes and jobs that match (arrow
 * keys move, Enter opens, Escape closes).
 */
export function GlobalSearch() {
  const { search, setSearch } = useGlobalSearch();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(search, 250);
  const wanted = debounced.trim().length > 0;
  const results = useGlobalSearchResults(debounced, wanted && combobox.dropdownOpened);
  const typing = search.trim() !== debounced.trim();
  const stale = typing || results.isPlaceholderData;
  // On a phone the box is narrow: the results take the screen's width (kept inside it).
  const width = useMatches({ base: 'calc(100vw - 24px)', sm: 'target' });

  const open = (value: string) => {
    const [group, id, typeId] = value.split(':') as [SearchGroup, string, string?];
    combobox.closeDropdown();
    setSearch('');
    void navigate(resultPath(group, id, typeId));
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={open}
      position="bottom-start"
      width={width}
      shadow="md"
      // Over the page's own sticky headers and the navbar on a phone.
      zIndex={300}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          aria-label="Search"
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          rightSection={
            wanted && (results.isFetching || typing) ? <Loader size={14} aria-hidden /> : null
          }
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            combobox.resetSelectedOption();
            if (e.currentTarget.value.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onClick={() => search.trim() && combobox.openDropdown()}
          onFocus={() => search.trim() && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          style={{ flex: 1, maxWidth: 420, minWidth: 0 }}
          radius="xl"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!wanted}>
        <Combobox.Options
          aria-label="Search results"
          mah="min(70vh, 480px)"
          style={{ overflowY: 'auto' }}
        >
          {results.data ? (
            <Results data={results.data} stale={stale} />
          ) : results.isError ? (
            <Combobox.Empty>Search failed</Combobox.Empty>
          ) : (
            // Inside the listbox only text: a loader is a status, which a listbox may not hold.
            <Combobox.Empty>
              <Group justify="center" gap="xs">
                <Loader size="sm" aria-hidden />
                Searching…
              </Group>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
