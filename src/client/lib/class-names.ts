/**
 * Joins class names, dropping falsy ones. The public pages use this instead of `cn()` (which merges
 * conflicting Tailwind classes with tailwind-merge, ~8 KB gzip) to stay within the JS budget of `/`;
 * their class lists are written without conflicts.
 */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
