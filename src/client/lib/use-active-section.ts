import { useEffect, useState } from 'react';

/** A section is active when its top is at or above this line and its bottom at or below it. */
export const ACTIVE_SECTION_OFFSET = 100;

/** The id of the section that crosses the line 100px below the top of the viewport, while scrolling. */
export function findActiveSection(
  ids: readonly string[],
  offset = ACTIVE_SECTION_OFFSET,
): string | undefined {
  for (const id of ids) {
    const rect = document.getElementById(id)?.getBoundingClientRect();
    if (rect && rect.top <= offset && rect.bottom >= offset) return id;
  }
  return undefined;
}

export function useActiveSection(ids: readonly string[], { enabled = true, initial = ids[0] } = {}) {
  const [active, setActive] = useState<string | undefined>(initial);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const found = findActiveSection(ids);
      if (found) setActive(found);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [enabled, ids]);
  return active;
}
