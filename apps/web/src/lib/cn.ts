import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  // one class string has nothing to merge with: skipping twMerge keeps its first call (which builds its
  // whole class map, a long task on a phone) out of the gate's first render, where no merge is needed
  const given = inputs.filter(Boolean);
  if (given.length === 1 && typeof given[0] === 'string') return given[0];
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its whole class map on its first merge: a long task on a phone. The app's start does it
 * in a task of its own, before the screens' modules (whose first merges would otherwise pay for it).
 */
export function prepareClassMerging(): void {
  twMerge('px-2 px-4');
}
