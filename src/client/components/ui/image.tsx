import { ImageOffIcon } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getImageSrcSet, getImageUrl, type ImageAsset } from '@/content/images';
import { clsx } from 'clsx';

/** How far outside the viewport a lazy image starts loading. */
export const IMAGE_LAZY_MARGIN = '50px';

type Status = 'loading' | 'loaded' | 'error';

const subscribeToNothing = () => () => {};

/**
 * A responsive image from the image pipeline: AVIF and WebP sources with srcset/sizes, width and height
 * (no layout shift), its dominant colour as a placeholder until it loads, then a fade-in, and 'Failed to
 * load image' when it cannot load. A priority image (the hero) loads at once with high fetch priority and
 * is shown without a fade, so it can paint before the page's script runs. Any other image is lazy:
 * - one in the HTML rendered on the server or at build time has its sources there (crawlers, link previews
 *   and readers without script see it: an <img> without src is no image) and `loading="lazy"`, so the
 *   browser loads it as it comes near;
 * - one the page's script adds later (a lazy section of the landing page) gets its sources only once it
 *   comes within 50px of the viewport.
 */
export function Image({
  image,
  alt,
  sizes,
  priority = false,
  failedText,
  fill = false,
  className,
  imgClassName,
}: {
  image: ImageAsset;
  alt: string;
  sizes: string;
  priority?: boolean;
  /** Said in place of an image that cannot load, in the page's language. */
  failedText: string;
  /** Cover the positioned parent (absolute, inset 0) instead of sitting in the flow. */
  fill?: boolean;
  className?: string;
  imgClassName?: string;
}) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  // True only in a render on the client that hydrates nothing: the server's snapshot answers during
  // server rendering and hydration. The first render decides, for the image's whole life.
  const addedByScript = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const [inView, setInView] = useState(() => priority || !addedByScript);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    if (inView) return;
    const element = wrapperRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: IMAGE_LAZY_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);

  // A prerendered image may finish (or fail) before React hydrates and attaches its handlers.
  useEffect(() => {
    const img = imgRef.current;
    if (!inView || !img || !img.complete || !img.currentSrc) return;
    setStatus(img.naturalWidth > 0 ? 'loaded' : 'error');
  }, [inView]);

  const largest = image.widths.at(-1) ?? image.width;
  return (
    <div
      ref={wrapperRef}
      className={clsx(fill ? 'absolute inset-0' : 'relative', 'overflow-hidden', className)}
      style={{ backgroundColor: image.placeholder }}
      data-image-status={status}
    >
      {status === 'error' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-muted p-4 text-center text-sm text-muted-foreground">
          <ImageOffIcon className="size-6" aria-hidden="true" />
          <span>{failedText}</span>
        </div>
      ) : (
        <picture>
          <source
            type="image/avif"
            srcSet={inView ? getImageSrcSet(image, 'avif') : undefined}
            sizes={sizes}
          />
          <source
            type="image/webp"
            srcSet={inView ? getImageSrcSet(image, 'webp') : undefined}
            sizes={sizes}
          />
          <img
            ref={imgRef}
            src={inView ? getImageUrl(image, largest, 'webp') : undefined}
            alt={alt}
            width={image.width}
            height={image.height}
            decoding={priority ? 'sync' : 'async'}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            onLoad={() => setStatus('loaded')}
            onError={() => setStatus('error')}
            className={clsx(
              'h-full w-full object-cover',
              !priority && 'transition-[opacity,transform] duration-700 ease-out',
              !priority && status !== 'loaded' && 'opacity-0',
              imgClassName,
            )}
          />
        </picture>
      )}
    </div>
  );
}
