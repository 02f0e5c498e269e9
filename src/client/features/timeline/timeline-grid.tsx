import { AlertTriangleIcon, ChevronLeftIcon, ChevronRightIcon, ClockAlertIcon } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { BOOKING_SOURCE_LABELS } from '@/domain/booking';
import { addDaysToDate } from '@/domain/dates';
import type { TimelineStay } from '@/domain/timeline';
import { SOURCE_COLOURS } from '@/client/lib/source-colours';
import { cn } from '@/client/lib/utils';
import type { TimelineSpan } from './timeline-range';
import {
  isBookableNight,
  listTimelineMonths,
  nameTimelineCell,
  selectFreeNights,
  type TimelineBar,
  type TimelineDay,
  type TimelineNight,
  type TimelineRow,
} from './timeline-layout';
import { describePropertyAlerts } from './timeline-alerts';

/**
 * A day's width in pixels for each span: wide enough for a name over two weeks, a glance over three months.
 * Two weeks and a month widen or narrow to fit the grid's width (down to `min`), so a whole month shows at
 * a desktop's width; what does not fit scrolls, with a cue at the edge.
 */
const DAY_WIDTH: Record<TimelineSpan, { base: number; min: number; max: number }> = {
  '2w': { base: 72, min: 56, max: 96 },
  '1m': { base: 36, min: 28, max: 48 },
  '3m': { base: 30, min: 30, max: 30 },
};
/** The cells' width, from one custom property on the grid (a class costs less than a style on thousands). */
const DAY_WIDTH_CLASS = 'w-(--timeline-day)';

function fitDayWidth(span: TimelineSpan, daysWidth: number | null, days: number): number {
  const { base, min, max } = DAY_WIDTH[span];
  if (daysWidth === null || days === 0) return base;
  return Math.min(max, Math.max(min, Math.floor(daysWidth / days)));
}

/** The property column's width (Tailwind's w-48): sticky at the left while the days scroll. */
const NAME_WIDTH = 192;

/** Marked once the grid is on screen: the paint benchmark's finish line. */
export const TIMELINE_PAINTED_MARK = 'timeline-grid-painted';
/** Marked once React has put the grid in the page (before the browser lays it out and paints it). */
export const TIMELINE_COMMITTED_MARK = 'timeline-grid-committed';

// Closed and held nights are hatched (not only tinted), so they read apart from weekends without colour.
export const CLOSED_CLASS =
  'bg-[#e4e1da] bg-[image:repeating-linear-gradient(135deg,#b9b3a7_0_2px,transparent_2px_7px)]';
export const HELD_CLASS =
  'bg-[#e7e3f0] bg-[image:repeating-linear-gradient(45deg,#b3a9cc_0_2px,transparent_2px_7px)]';

/** A colour `#rrggbb` moved towards black by `share` (0 to 1). */
function darkenHex(hex: string, share: number): string {
  const channels = [1, 3, 5].map((at) => Math.round(parseInt(hex.slice(at, at + 2), 16) * (1 - share)));
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A stay's bar: confirmed and completed filled with the source's colour (darkened by a quarter, so white
 * names on it keep a 4.5:1 contrast), pending white with the colour's stripes and a dashed border.
 */
export function styleStayBar(stay: Pick<TimelineStay, 'status' | 'booking_source'>): CSSProperties {
  const colour = SOURCE_COLOURS[stay.booking_source];
  if (stay.status === 'pending') {
    return {
      backgroundColor: '#fffdf9',
      backgroundImage: `repeating-linear-gradient(135deg, ${colour}40 0 5px, transparent 5px 10px)`,
      border: `2px dashed ${colour}`,
      color: '#1f2a24',
    };
  }
  return { backgroundColor: darkenHex(colour, 0.25), color: '#ffffff' };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "3 Dec", by hand: a bar's tooltip is made for every stay drawn, where date-fns would cost milliseconds. */
const formatShortDay = (date: string) =>
  `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

// Class names put together once, not through cn() per cell: thousands of cells and bars are drawn at once.
const CELL_CLASS =
  'h-12 shrink-0 border-r outline-none focus-visible:z-20 focus-visible:ring-3 focus-visible:ring-primary focus-visible:ring-inset';
const FREE_CELL_CLASS = ' cursor-pointer hover:bg-primary/10';
/** Free nights picked for a new booking (a drag, or Shift with the arrows): outlined as well as tinted. */
const SELECTED_CELL_CLASS = ' bg-primary/25 shadow-[inset_0_-3px_0_0_var(--color-primary)]';
const BAR_CLASS =
  'absolute top-2 z-10 h-8 cursor-pointer truncate px-1.5 text-xs leading-8 font-semibold hover:brightness-110';
const barCorners = (bar: TimelineBar) =>
  bar.cutStart ? (bar.cutEnd ? '' : ' rounded-r-md') : bar.cutEnd ? ' rounded-l-md' : ' rounded-md';

/**
 * A bar narrower than this shows no name (an initial and an ellipsis say nothing); its tooltip and its
 * cells' names still do, and laying out no text there keeps three busy months quick to draw.
 */
const MIN_LABELLED_BAR = 44;

const describeStay = (stay: TimelineStay) =>
  `${stay.guest_name}, ${formatShortDay(stay.check_in)} – ${formatShortDay(stay.check_out)}, ${stay.status}, ${BOOKING_SOURCE_LABELS[stay.booking_source]}${stay.is_sample ? ' (sample)' : ''}`;

type Position = { row: number; column: number };
/** Free nights of one row picked for a booking: where the pick started, and the columns it spans. */
type Selection = { row: number; anchor: number; start: number; end: number };

/**
 * Properties as rows and days as columns, each stay a bar. One grid for the keyboard (ARIA grid, roving
 * tabindex): the arrows move a day or a property, Home and End to the row's ends, Enter opens the stay
 * on that night or starts a booking on a free one from today on; Shift with the left and right arrows
 * picks several free nights, as dragging across them does, and Enter (or letting go) starts a booking
 * for them. The bars are for the mouse; every cell names its night for screen readers.
 */
export function TimelineGrid({
  rows,
  days,
  span,
  onOpenStay,
  onStartBooking,
  onOpenChannels,
}: {
  rows: TimelineRow[];
  days: TimelineDay[];
  span: TimelineSpan;
  onOpenStay: (propertyId: string, stay: TimelineStay) => void;
  /** `checkOut`: the morning after the last night picked (one night when it is not given). */
  onStartBooking: (propertyId: string, checkIn: string, checkOut?: string) => void;
  onOpenChannels: (propertyId: string) => void;
}) {
  // The width the days have (the scroller's, less the property column), once it is laid out.
  const [daysWidth, setDaysWidth] = useState<number | null>(null);
  const width = fitDayWidth(span, daysWidth, days.length);
  const months = listTimelineMonths(days);
  const columnClasses = days.map(
    (day) =>
      `${CELL_CLASS} ${DAY_WIDTH_CLASS}${day.isWeekend ? ' bg-muted/40' : ''}${day.isToday ? ' bg-accent/15' : ''}`,
  );
  const nightClasses: Record<TimelineNight['kind'], string> = {
    free: FREE_CELL_CLASS,
    stay: '',
    closed: ` ${CLOSED_CLASS}`,
    held: ` ${HELD_CLASS}`,
  };
  const todayColumn = days.findIndex((day) => day.isToday);
  const [focus, setFocus] = useState<Position>({ row: 0, column: Math.max(0, todayColumn) });
  const [selection, setSelection] = useState<Selection | null>(null);
  // A drag under way: the pick follows the pointer until the button is let go.
  const dragging = useRef(false);
  // Letting go after a drag is followed by a click on the cell: the drag has started the booking already.
  const dragEnded = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Today in sight when the grid opens wider than the screen (a few days before it stay in view).
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || todayColumn < 0) return;
    const todayEnd = (todayColumn + 1) * width + NAME_WIDTH;
    if (todayEnd > scroller.clientWidth) scroller.scrollLeft = Math.max(0, (todayColumn - 3) * width);
  }, [todayColumn, width]);
  // Whether days lie beyond either edge: the scroll cues show them.
  const [overflow, setOverflow] = useState({ before: false, after: false });
  const measureOverflow = () => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const room = scroller.clientWidth - NAME_WIDTH;
    setDaysWidth((current) => (room > 0 && room !== current ? room : current));
    const before = scroller.scrollLeft > 1;
    const after = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    setOverflow((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  };
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    measureOverflow();
    if (typeof ResizeObserver === 'undefined') return;
    // The scroller's width follows the window; the grid's, the days and their width.
    const observer = new ResizeObserver(measureOverflow);
    observer.observe(scroller);
    if (gridRef.current) observer.observe(gridRef.current);
    return () => observer.disconnect();
  }, [days.length, width]);
  const scrollDays = (direction: 1 | -1) =>
    scrollRef.current?.scrollBy({ left: direction * 7 * width, behavior: 'smooth' });
  // A new range or set of rows keeps the focused cell within the grid.
  const row = Math.min(focus.row, rows.length - 1);
  const column = Math.min(focus.column, days.length - 1);

  useLayoutEffect(() => {
    performance.mark(TIMELINE_COMMITTED_MARK);
  }, [rows]);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      // The frame after this one starts once this one is painted.
      frame = requestAnimationFrame(() => performance.mark(TIMELINE_PAINTED_MARK));
    });
    return () => cancelAnimationFrame(frame);
  }, [rows]);

  const activate = (position: Position) => {
    const target = rows[position.row];
    const day = days[position.column];
    if (!target || !day) return;
    const night = target.nights[position.column];
    if (night?.kind === 'stay') onOpenStay(target.property.id, night.stay);
    else if (night?.kind === 'free' && !day.isPast) onStartBooking(target.property.id, day.date);
  };

  /** The booking for the nights picked, from the first night's date to the morning after the last. */
  const bookSelection = (picked: Selection) => {
    const target = rows[picked.row];
    const first = days[picked.start];
    const last = days[picked.end];
    setSelection(null);
    if (!target || !first || !last) return;
    onStartBooking(target.property.id, first.date, addDaysToDate(last.date, 1));
  };

  /** Picks the free nights from the selection's anchor (or `from`) towards `to` on one row. */
  const pickNights = (rowIndex: number, from: number, to: number): Selection | null => {
    const target = rows[rowIndex];
    const picked = target ? selectFreeNights(target, days, from, to) : null;
    const next = picked ? { row: rowIndex, anchor: from, ...picked } : null;
    setSelection(next);
    return next;
  };

  // A drag let go outside the grid still ends.
  useEffect(() => {
    const stop = () => {
      dragging.current = false;
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, []);

  const moveTo = (next: Position) => {
    const clamped = {
      row: Math.max(0, Math.min(rows.length - 1, next.row)),
      column: Math.max(0, Math.min(days.length - 1, next.column)),
    };
    setFocus(clamped);
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-cell="${clamped.row}:${clamped.column}"]`)
      ?.focus({ preventScroll: false });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).dataset.cell;
    if (!cell) return;
    const [r, c] = cell.split(':').map(Number) as [number, number];
    const moves: Record<string, Position> = {
      ArrowLeft: { row: r, column: c - 1 },
      ArrowRight: { row: r, column: c + 1 },
      ArrowUp: { row: r - 1, column: c },
      ArrowDown: { row: r + 1, column: c },
      Home: { row: r, column: 0 },
      End: { row: r, column: days.length - 1 },
    };
    const move = moves[event.key];
    if (event.shiftKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      // Extends the pick from where it started (the focused night when none is under way).
      event.preventDefault();
      const current = selection?.row === r ? selection : null;
      const anchor = current?.anchor ?? c;
      const picked = pickNights(r, anchor, move!.column);
      if (picked) moveTo({ row: r, column: picked.start === anchor ? picked.end : picked.start });
    } else if (move) {
      event.preventDefault();
      setSelection(null);
      moveTo(move);
    } else if (event.key === 'Escape' && selection) {
      event.preventDefault();
      setSelection(null);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (selection?.row === r && selection.end > selection.start) bookSelection(selection);
      else activate({ row: r, column: c });
    }
  };

  /** The cell under the pointer: its row and column, when it is one. */
  const findCell = (element: EventTarget): Position | null => {
    const cell = (element as HTMLElement).closest<HTMLElement>('[data-cell]')?.dataset.cell;
    if (!cell) return null;
    const [r, c] = cell.split(':').map(Number) as [number, number];
    return { row: r, column: c };
  };

  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    // A drag whose end brought no click (let go on another element, in some browsers) is over.
    dragEnded.current = false;
    if (event.button !== 0) return;
    const at = findCell(event.target);
    const target = at ? rows[at.row] : undefined;
    if (!at || !target || !isBookableNight(target, days, at.column)) return;
    // No text selection while the nights are dragged across.
    event.preventDefault();
    dragging.current = true;
    setFocus(at);
    (event.target as HTMLElement).focus({ preventScroll: true });
    pickNights(at.row, at.column, at.column);
  };

  const onMouseOver = (event: MouseEvent<HTMLDivElement>) => {
    if (!dragging.current || !selection) return;
    const at = findCell(event.target);
    // Along the row the drag started on: the pointer a row off still says which day.
    if (at) pickNights(selection.row, selection.anchor, at.column);
  };

  const onMouseUp = () => {
    if (!dragging.current) return;
    dragging.current = false;
    // One night picked: the click that follows starts its booking, as a click always has.
    if (selection && selection.end > selection.start) {
      dragEnded.current = true;
      bookSelection(selection);
    }
  };

  // One handler for every cell and bar: each says where it is in data attributes.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (dragEnded.current) {
      dragEnded.current = false;
      return;
    }
    setSelection(null);
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-cell], [data-stay]');
    if (!target) return;
    if (target.dataset.stay !== undefined) {
      const bar = rows[Number(target.dataset.row)]?.bars[Number(target.dataset.stay)];
      if (bar) onOpenStay(rows[Number(target.dataset.row)]!.property.id, bar.stay);
      return;
    }
    const [r, c] = target.dataset.cell!.split(':').map(Number) as [number, number];
    setFocus({ row: r, column: c });
    activate({ row: r, column: c });
  };

  return (
    <div className="relative">
      <div
        ref={scrollRef}
        className="overflow-x-auto rounded-md border bg-card"
        data-testid="timeline-scroll"
        onScroll={measureOverflow}
      >
        <div
          ref={gridRef}
          role="grid"
          aria-label="Timeline: properties by day"
          aria-rowcount={rows.length + 1}
          aria-colcount={days.length + 1}
          style={{ '--timeline-day': `${width}px` } as CSSProperties}
          className="relative w-max min-w-full text-sm"
          aria-multiselectable="true"
          onKeyDown={onKeyDown}
          onClick={onClick}
          onMouseDown={onMouseDown}
          onMouseOver={onMouseOver}
          onMouseUp={onMouseUp}
        >
          <div className="flex border-b" aria-hidden="true">
            <div className="sticky left-0 z-30 w-48 shrink-0 border-r bg-card" />
            {months.map((month) => (
              <div
                key={month.start}
                className="truncate border-r px-2 py-1 text-xs font-semibold"
                style={{ width: month.length * width }}
              >
                {month.length * width >= 80 ? month.label : month.label.slice(0, 3)}
              </div>
            ))}
          </div>
          <div role="row" aria-rowindex={1} className="flex border-b">
            <div
              role="columnheader"
              className="sticky left-0 z-30 flex w-48 shrink-0 items-end border-r bg-card px-3 py-1 text-xs font-semibold text-muted-foreground"
            >
              Property
            </div>
            {days.map((day) => (
              <div
                key={day.date}
                role="columnheader"
                aria-label={`${day.label}${day.isToday ? ', today' : ''}`}
                className={cn(
                  'flex shrink-0 flex-col items-center border-r py-1 text-xs leading-tight',
                  day.isWeekend && 'bg-muted/60',
                  day.isToday && 'bg-accent font-bold text-accent-foreground',
                )}
                style={{ width }}
              >
                <span aria-hidden="true">{day.weekday}</span>
                <span aria-hidden="true">{day.dayOfMonth}</span>
              </div>
            ))}
          </div>
          {rows.map((timelineRow, rowIndex) => (
            <div
              key={timelineRow.property.id}
              role="row"
              aria-rowindex={rowIndex + 2}
              className="flex border-b last:border-b-0"
            >
              <PropertyHeader row={timelineRow} onOpenChannels={onOpenChannels} />
              <div className="relative flex">
                {days.map((day, columnIndex) => {
                  const night = timelineRow.nights[columnIndex]!;
                  const focused = rowIndex === row && columnIndex === column;
                  const selected =
                    selection !== null &&
                    selection.row === rowIndex &&
                    columnIndex >= selection.start &&
                    columnIndex <= selection.end;
                  return (
                    <div
                      key={day.date}
                      role="gridcell"
                      data-cell={`${rowIndex}:${columnIndex}`}
                      data-night={night.kind}
                      tabIndex={focused ? 0 : -1}
                      aria-selected={selected || undefined}
                      aria-label={nameTimelineCell(timelineRow.property.name, day, night)}
                      className={
                        columnClasses[columnIndex] +
                        (night.kind === 'free' && day.isPast ? '' : nightClasses[night.kind]) +
                        (selected ? SELECTED_CELL_CLASS : '')
                      }
                      title={
                        night.kind === 'free' && !day.isPast ? `Add a booking from ${day.label}` : undefined
                      }
                    />
                  );
                })}
                {timelineRow.bars.map((bar, barIndex) => (
                  <StayBar key={bar.stay.id} bar={bar} row={rowIndex} index={barIndex} width={width} />
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
      <ScrollCue side="start" hidden={!overflow.before} onClick={() => scrollDays(-1)} />
      <ScrollCue side="end" hidden={!overflow.after} onClick={() => scrollDays(1)} />
    </div>
  );
}

/**
 * A visible sign that more days lie beyond the edge of the grid (a shade and a button that scrolls a week),
 * for a range wider than the screen.
 */
function ScrollCue({
  side,
  hidden,
  onClick,
}: {
  side: 'start' | 'end';
  hidden: boolean;
  onClick: () => void;
}) {
  if (hidden) return null;
  const end = side === 'end';
  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-y-px z-40 flex w-16 items-center',
        end
          ? 'right-px justify-end rounded-r-md bg-gradient-to-l from-card to-transparent'
          : 'left-48 justify-start bg-gradient-to-r from-card to-transparent',
      )}
      data-testid={`timeline-more-${side}`}
    >
      <button
        type="button"
        className="pointer-events-auto mx-1 grid size-8 place-items-center rounded-full border bg-card shadow-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={end ? 'Later days: scroll the timeline right' : 'Earlier days: scroll the timeline left'}
        onClick={onClick}
      >
        {end ? (
          <ChevronRightIcon aria-hidden="true" className="size-4" />
        ) : (
          <ChevronLeftIcon aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}

function StayBar({
  bar,
  row,
  index,
  width,
}: {
  bar: TimelineBar;
  row: number;
  index: number;
  width: number;
}) {
  const { stay } = bar;
  const pixels = (bar.end - bar.start) * width - 2;
  return (
    <div
      aria-hidden="true"
      data-stay={index}
      data-row={row}
      data-status={stay.status}
      data-source={stay.booking_source}
      title={describeStay(stay)}
      className={BAR_CLASS + barCorners(bar)}
      style={{ left: bar.start * width + 1, width: pixels, ...styleStayBar(stay) }}
    >
      {pixels >= MIN_LABELLED_BAR ? stay.guest_name : null}
    </div>
  );
}

function PropertyHeader({
  row,
  onOpenChannels,
}: {
  row: TimelineRow;
  onOpenChannels: (propertyId: string) => void;
}) {
  const { property } = row;
  const alerts = describePropertyAlerts(property);
  return (
    <div
      role="rowheader"
      className="sticky left-0 z-30 flex w-48 shrink-0 items-center gap-1 border-r bg-card px-3"
    >
      <span className="min-w-0 flex-1 truncate font-medium" title={property.name}>
        {property.name}
      </span>
      {alerts.length > 0 ? (
        <button
          type="button"
          className="inline-flex shrink-0 items-center gap-0.5 rounded-md p-1 text-destructive hover:bg-destructive/10 focus-visible:outline-2 focus-visible:outline-ring"
          title={`${alerts.join(' ')} Open Channels.`}
          aria-label={`${property.name}: ${alerts.join(' ')} Open Channels`}
          onClick={(event) => {
            event.stopPropagation();
            onOpenChannels(property.id);
          }}
        >
          {property.open_conflicts > 0 ? <AlertTriangleIcon className="size-4" aria-hidden="true" /> : null}
          {property.stale_channels.length > 0 ? (
            <ClockAlertIcon className="size-4" aria-hidden="true" />
          ) : null}
        </button>
      ) : null}
    </div>
  );
}
