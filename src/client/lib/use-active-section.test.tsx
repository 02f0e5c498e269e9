import { afterEach, describe, expect, it } from 'vitest';
import { ACTIVE_SECTION_OFFSET, findActiveSection } from './use-active-section';

/** Lays out sections of the given heights one after another, the page scrolled by `scrollY`. */
function layOut(heights: Record<string, number>, scrollY: number) {
  let top = -scrollY;
  for (const [id, height] of Object.entries(heights)) {
    const section = document.createElement('section');
    section.id = id;
    const sectionTop = top;
    section.getBoundingClientRect = () => ({ top: sectionTop, bottom: sectionTop + height }) as DOMRect;
    document.body.append(section);
    top += height;
  }
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('findActiveSection', () => {
  const ids = ['home', 'highlights', 'gallery'];
  const heights = { home: 800, highlights: 600, gallery: 900 };

  it('uses a 100px line', () => {
    expect(ACTIVE_SECTION_OFFSET).toBe(100);
  });

  it('picks the section whose top is at or above 100px and whose bottom is at or below it', () => {
    layOut(heights, 0);
    expect(findActiveSection(ids)).toBe('home');
    document.body.innerHTML = '';
    layOut(heights, 701); // highlights' top at 99px
    expect(findActiveSection(ids)).toBe('highlights');
    document.body.innerHTML = '';
    layOut(heights, 699); // highlights' top at 101px: home still reaches the line
    expect(findActiveSection(ids)).toBe('home');
    document.body.innerHTML = '';
    layOut(heights, 1400); // gallery's top at 0
    expect(findActiveSection(ids)).toBe('gallery');
  });

  it('finds nothing when no section crosses the line', () => {
    layOut(heights, 5000);
    expect(findActiveSection(ids)).toBeUndefined();
  });
});
