import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageAsset } from '@/content/images';
import { IMAGE_LAZY_MARGIN, Image } from './image';

const asset: ImageAsset = {
  name: 'private-lawn',
  width: 1200,
  height: 900,
  widths: [400, 800, 1200],
  hash: 'abc123',
  placeholder: '#7fa074',
};

type Observed = { callback: IntersectionObserverCallback; options?: IntersectionObserverInit };
let observers: Observed[] = [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const enterViewport = () =>
  act(() => {
    for (const observer of observers)
      observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

describe('Image', () => {
  it('waits, when the script adds it, until it is within 50px of the viewport before it gets a source', () => {
    render(<Image image={asset} alt="The lawn" sizes="100vw" failedText="Failed to load image" />);
    const img = screen.getByRole('img', { name: 'The lawn' });
    expect(img).not.toHaveAttribute('src');
    expect(observers[0]?.options?.rootMargin).toBe(IMAGE_LAZY_MARGIN);
    expect(IMAGE_LAZY_MARGIN).toBe('50px');
    enterViewport();
    expect(img.getAttribute('src')).toBe('/assets/images/private-lawn-1200.abc123.webp');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '900');
  });

  it('has its sources in HTML rendered on the server, lazy for the browser, and keeps them when hydrated', async () => {
    const element = <Image image={asset} alt="The lawn" sizes="100vw" failedText="Failed to load image" />;
    const html = renderToString(element);
    // Crawlers, link previews and readers without script get the image, not an empty frame.
    expect(html).toContain('src="/assets/images/private-lawn-1200.abc123.webp"');
    expect(html).toContain(
      'srcSet="/assets/images/private-lawn-400.abc123.avif 400w, /assets/images/private-lawn-800.abc123.avif 800w, /assets/images/private-lawn-1200.abc123.avif 1200w"',
    );
    expect(html).toContain('loading="lazy"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) }),
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/assets/images/private-lawn-1200.abc123.webp');
    expect(errors).toEqual([]);
    // The browser's lazy loading decides when it loads: no observer holds its sources back.
    expect(observers).toHaveLength(0);
    act(() => root.unmount());
    container.remove();
  });

  it('shows the placeholder colour, then fades the image in when it has loaded', () => {
    const { container } = render(
      <Image image={asset} alt="The lawn" sizes="100vw" failedText="Failed to load image" />,
    );
    expect((container.firstElementChild as HTMLElement).style.backgroundColor).toBe('rgb(127, 160, 116)');
    enterViewport();
    const img = screen.getByRole('img', { name: 'The lawn' });
    expect(img.className).toContain('opacity-0');
    fireEvent.load(img);
    expect(img.className).not.toContain('opacity-0');
  });

  it("says 'Failed to load image' when the image cannot load", () => {
    render(<Image image={asset} alt="The lawn" sizes="100vw" failedText="Failed to load image" />);
    enterViewport();
    fireEvent.error(screen.getByRole('img', { name: 'The lawn' }));
    expect(screen.getByText('Failed to load image')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'The lawn' })).toBeNull();
  });

  it('loads a priority image at once, eagerly and with high fetch priority', () => {
    render(<Image image={asset} alt="The villa" sizes="100vw" failedText="Failed to load image" priority />);
    const img = screen.getByRole('img', { name: 'The villa' });
    expect(img).toHaveAttribute('src');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img.className).not.toContain('opacity-0');
    expect(observers).toHaveLength(0);
  });
});
