import type { BoardFilter } from '@fieldbook/core';

export interface PlannerViewProps {
  /** Which jobs to show; userIds holds exactly one user (spec §4). */
  filter: BoardFilter & { userIds: readonly string[] };
  /** The day shown, or the first day of the week shown (YYYY-MM-DD, company time); null: today. */
  date: string | null;
  span: 'day' | 'week';
  onNavigate: (date: string, span: 'day' | 'week') => void;
  onOpenJob: (id: string) => void;
}

/** The planner: one user's jobs of a day or week in order, with their times (issue 11, part 4). */
export function PlannerView(_props: PlannerViewProps) {
  return null;
}
