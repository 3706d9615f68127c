/** Spec §9: Critical 5, High 4, Medium 3, Low 2, anything else 0. */
export function priorityRank(priority: string | null | undefined): number {
  switch (priority) {
    case 'Critical':
      return 5;
    case 'High':
      return 4;
    case 'Medium':
      return 3;
    case 'Low':
      return 2;
    default:
      return 0;
  }
}

/** Spec §9: a card's left border by priority, or null for none. */
export function priorityBorder(
  priority: string | null | undefined,
): { color: 'red' | 'orange' | 'green'; width: number } | null {
  switch (priority) {
    case 'Critical':
      return { color: 'red', width: 10 };
    case 'High':
      return { color: 'red', width: 5 };
    case 'Medium':
      return { color: 'orange', width: 5 };
    case 'Low':
      return { color: 'green', width: 5 };
    default:
      return null;
  }
}

/**
 * Spec §5: card text is cut to 30 characters, counted by code point so an
 * emoji is never split into half a surrogate pair.
 */
export function cardText(text: string | null | undefined, max = 30): string {
  return Array.from(text ?? '')
    .slice(0, max)
    .join('');
}
