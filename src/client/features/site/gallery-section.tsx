import { ExpandIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { images } from '@/content/images';
import { fillText } from '@/content/fill-text';
import { useLandingText, useSiteText } from './site-context';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { SiteImage } from './site-image';
import { SectionHeading } from './section-heading';
import { StepButtons } from './step-buttons';

/** The gallery: a captioned grid; each image opens in a lightbox (arrow keys move, Escape closes). */
export default function GallerySection() {
  const texts = useSiteText();
  const { gallery } = useLandingText();
  const text = texts.chrome.gallery;
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // On close, focus returns to the thumbnail of the image last shown (the lightbox has no Radix trigger).
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const lastShown = useRef(0);
  if (openIndex !== null) lastShown.current = openIndex;
  const count = gallery.items.length;
  const current = openIndex === null ? null : gallery.items[openIndex];
  const move = (step: number) =>
    setOpenIndex((index) => (index === null ? index : (index + step + count) % count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="mx-auto max-w-7xl px-5 sm:px-8">
      <SectionHeading id="gallery-title" text={gallery} />
      <ul className="mt-14 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 sm:gap-y-10 lg:grid-cols-4">
        {gallery.items.map((item, index) => (
          <li key={item.image}>
            <figure>
              <button
                ref={(element) => {
                  thumbnails.current[index] = element;
                }}
                type="button"
                onClick={() => setOpenIndex(index)}
                className="group relative block w-full overflow-hidden rounded-2xl"
                aria-label={fillText(text.viewLarger, { caption: item.caption })}
              >
                <SiteImage
                  image={images[item.image]}
                  alt={item.alt}
                  sizes="(min-width: 1024px) 25vw, 50vw"
                  className="aspect-[4/3] w-full"
                  imgClassName="group-hover:scale-[1.03]"
                />
                <span className="absolute right-3 bottom-3 inline-flex size-9 items-center justify-center rounded-full bg-black/45 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                  <ExpandIcon className="size-4" aria-hidden="true" />
                </span>
              </button>
              <figcaption className="mt-3 font-display text-base text-foreground sm:text-lg">
                {item.caption}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <Dialog open={current !== null} onOpenChange={(open) => !open && setOpenIndex(null)}>
        {current && openIndex !== null ? (
          <DialogContent
            closeLabel={text.close}
            onKeyDown={onKeyDown}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              thumbnails.current[lastShown.current]?.focus();
            }}
            className="max-w-5xl gap-0 overflow-hidden border-0 bg-[#111714] p-0 text-white sm:rounded-2xl"
          >
            <SiteImage
              key={current.image}
              image={images[current.image]}
              alt={current.alt}
              sizes="(min-width: 1024px) 64rem, 100vw"
              priority
              className="aspect-[4/3] w-full"
            />
            <div className="flex items-center justify-between gap-4 px-5 py-4">
              <div>
                <DialogTitle className="font-display text-xl font-medium">{current.caption}</DialogTitle>
                <DialogDescription className="text-white/75">
                  {fillText(text.position, { index: openIndex + 1, count })}
                </DialogDescription>
              </div>
              <StepButtons labels={text} onStep={move} tone="dark" className="flex gap-2" />
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
