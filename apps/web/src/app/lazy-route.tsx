import { lazy, Suspense, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';

/** What a screen shows while its code loads on first visit. */
export const pageLoading = (
  <Center mih="40vh" p="xl">
    <Loader aria-label="Loading" />
  </Center>
);

/**
 * A screen loaded on first visit, as the element of a <Route>; `name` is the
 * component's export in the module. With `queries` it gets the API cache
 * (query-client.tsx): the signed-out screens that read the API ask for it, the
 * landing and legal pages do without (the signed-in app has it all along).
 */
export function screen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  opts: { queries?: boolean } = {},
) {
  const Screen = lazy(async () => {
    const [m, q] = await Promise.all([
      load(),
      opts.queries ? import('./query-client') : Promise.resolve(null),
      // Before any screen validates: no eval under the CSP (no-eval.ts).
      import('./no-eval'),
    ]);
    const Page = m[name] as ComponentType;
    const WithQueries = q?.WithQueries;
    return {
      default: WithQueries
        ? () => (
            <WithQueries>
              <Page />
            </WithQueries>
          )
        : Page,
    };
  });
  return (
    <Suspense fallback={pageLoading}>
      <Screen />
    </Suspense>
  );
}
