import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { GraphProblem, TStatus } from '@fieldbook/core';

interface Props {
  problems: GraphProblem[];
  statuses: TStatus[];
  onSelect: (statusId: string) => void;
}

/**
 * What the graph check finds wrong with the workflow, under the diagram where
 * the statuses concerned have a red outline. Save All is refused until none
 * is left.
 */
export function GraphProblems({ problems, statuses, onSelect }: Props) {
  if (problems.length === 0) return null;
  return (
    <Alert
      color="red"
      mt="sm"
      icon={<IconAlertTriangle size={18} />}
      title="The workflow has problems"
      data-testid="graph-problems"
    >
      <List size="sm">
        {problems.map((p, i) => {
          const s = p.statusId ? statuses.find((x) => x.id === p.statusId) : undefined;
          return (
            <List.Item key={i}>
              {s ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="left"
                  // Inline, so the bullet sits on its first line (a button is centred and boxed).
                  style={{ display: 'inline', verticalAlign: 'baseline' }}
                  onClick={() => onSelect(s.id)}
                >
                  {p.message}
                </Anchor>
              ) : (
                p.message
              )}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
