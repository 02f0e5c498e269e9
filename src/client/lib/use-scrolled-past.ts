import { useEffect, useState } from 'react';

/** The header is transparent at 20px of scroll or less, and turns solid past it. */
export const HEADER_SOLID_AFTER = 20;

export function useScrolledPast(threshold = HEADER_SOLID_AFTER) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
