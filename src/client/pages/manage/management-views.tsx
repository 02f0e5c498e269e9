import {
  ArchiveIcon,
  CalendarDaysIcon,
  CalendarRangeIcon,
  ChartColumnIcon,
  ClipboardListIcon,
  HistoryIcon,
  HomeIcon,
  LayoutDashboardIcon,
  MailIcon,
  RadioTowerIcon,
  TagIcon,
  UserRoundIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { Operator } from '@/domain/auth';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { AccountView } from '@/client/features/account';
import { ActivityView } from '@/client/features/activity';
import { BackupsView } from '@/client/features/backups';
import { BOOKINGS_URL_PARAMETERS, BookingsView } from '@/client/features/bookings';
import { CalendarView } from '@/client/features/calendar';
import { ChannelsView } from '@/client/features/channels';
import { DashboardView } from '@/client/features/dashboard';
import { GuestsView } from '@/client/features/guests';
import { MessagesView } from '@/client/features/messages';
import { PricingView } from '@/client/features/pricing';
import { PropertiesView } from '@/client/features/properties';
import { REPORTS_URL_PARAMETERS, ReportsView } from '@/client/features/reports';
import { TIMELINE_URL_PARAMETERS, TimelineView } from '@/client/features/timeline';

/** What a view is given to draw itself: the operator's data and ways to move elsewhere. */
export type ManagementViewContext<NeedsProperty extends boolean = boolean> = {
  operator: Operator;
  properties: Wire<Property>[];
  /** The selected property; a view that needs one is shown only when there is one. */
  property: NeedsProperty extends true ? Wire<Property> : Wire<Property> | null;
  /** The calendar's month (`yyyy-MM`). */
  month: string;
  navigate: (change: ManageChange) => void;
  openView: (view: ManageView) => void;
  selectProperty: (property: Wire<Property>) => void;
  openAddDialog: () => void;
};

type ManagementViewDefinition<View extends string, NeedsProperty extends boolean> = {
  /** The `view` of the URL's query string. */
  view: View;
  label: string;
  icon: LucideIcon;
  /**
   * Shows one property: opened with none selected, it opens on the first; with no property at all it is
   * disabled in the navigation and the URL falls back to the dashboard.
   */
  needsProperty: NeedsProperty;
  /** Query-string parameters of this view alone, dropped when another view opens. */
  parameters: readonly string[];
  render: (context: ManagementViewContext<NeedsProperty>) => ReactNode;
};

const defineView = <View extends string, NeedsProperty extends boolean>(
  definition: ManagementViewDefinition<View, NeedsProperty>,
) => definition;

/** Opens a stay where it can be acted on: its property's bookings, searched for its guest. */
const openStay = (
  navigate: (change: ManageChange) => void,
  stay: { property_id: string; guest_name: string; status: string },
) =>
  navigate({
    view: 'bookings',
    propertyId: stay.property_id,
    viewParameters: {
      q: stay.guest_name,
      ...(stay.status === 'pending' ? { status: 'pending' } : {}),
    },
  });

/**
 * Every view of the management area, in the navigation's order: adding a view is one entry here (the
 * navigation, the URL's view names and parameters, and what is drawn all come from this list).
 */
export const MANAGEMENT_VIEWS = [
  defineView({
    view: 'dashboard',
    label: 'Dashboard',
    icon: LayoutDashboardIcon,
    needsProperty: false,
    parameters: [],
    render: ({ properties, property, navigate, openView, selectProperty, openAddDialog }) => (
      <DashboardView
        properties={properties}
        selectedId={property?.id ?? null}
        onReview={(stay) => openStay(navigate, stay)}
        onSelect={selectProperty}
        onAddProperty={openAddDialog}
        onOpenCalendar={() => openView('calendar')}
        onOpenBookings={() => openView('bookings')}
        onOpenChannels={(propertyId) => navigate({ view: 'channels', propertyId })}
        onOpenGuests={() => openView('guests')}
      />
    ),
  }),
  defineView({
    view: 'properties',
    label: 'Properties',
    icon: HomeIcon,
    needsProperty: false,
    parameters: [],
    render: ({ properties, property, selectProperty, openAddDialog }) => (
      <PropertiesView
        properties={properties}
        selectedId={property?.id ?? null}
        onSelect={selectProperty}
        onAddProperty={openAddDialog}
      />
    ),
  }),
  defineView({
    view: 'timeline',
    label: 'Timeline',
    icon: CalendarRangeIcon,
    needsProperty: false,
    parameters: TIMELINE_URL_PARAMETERS,
    render: ({ properties, navigate, openAddDialog }) => (
      <TimelineView
        properties={properties}
        onOpenStay={(propertyId, stay) => openStay(navigate, { ...stay, property_id: propertyId })}
        onOpenChannels={(propertyId) => navigate({ view: 'channels', propertyId })}
        onAddProperty={openAddDialog}
      />
    ),
  }),
  defineView({
    view: 'calendar',
    label: 'Calendar',
    icon: CalendarDaysIcon,
    needsProperty: true,
    parameters: ['month'],
    render: ({ property, month, navigate }) => (
      <CalendarView
        key={property.id}
        property={property}
        month={month}
        onMonthChange={(next) => navigate({ month: next })}
        onOpenStay={(stay) => openStay(navigate, { ...stay, property_id: property.id })}
      />
    ),
  }),
  defineView({
    view: 'bookings',
    label: 'Bookings',
    icon: ClipboardListIcon,
    // No property selected: every property's bookings.
    needsProperty: false,
    parameters: BOOKINGS_URL_PARAMETERS,
    render: ({ properties, property, navigate }) => (
      <BookingsView
        key={property?.id ?? 'all'}
        property={property}
        properties={properties}
        onPropertyChange={(propertyId, keep) => navigate({ propertyId, viewParameters: keep })}
      />
    ),
  }),
  defineView({
    view: 'guests',
    label: 'Guests',
    icon: UsersRoundIcon,
    // No property selected: every property's guests.
    needsProperty: false,
    parameters: [],
    render: ({ properties, property }) => <GuestsView properties={properties} selected={property} />,
  }),
  defineView({
    view: 'channels',
    label: 'Channels',
    icon: RadioTowerIcon,
    needsProperty: true,
    parameters: [],
    render: ({ property }) => <ChannelsView key={property.id} property={property} />,
  }),
  defineView({
    view: 'pricing',
    label: 'Pricing',
    icon: TagIcon,
    needsProperty: true,
    parameters: [],
    render: ({ property }) => <PricingView key={property.id} property={property} />,
  }),
  defineView({
    view: 'reports',
    label: 'Reports',
    icon: ChartColumnIcon,
    needsProperty: false,
    parameters: REPORTS_URL_PARAMETERS,
    render: ({ property }) => <ReportsView selected={property} />,
  }),
  defineView({
    view: 'messages',
    label: 'Messages',
    icon: MailIcon,
    needsProperty: false,
    parameters: [],
    render: ({ properties, property, selectProperty }) => (
      <MessagesView properties={properties} property={property} onSelectProperty={selectProperty} />
    ),
  }),
  defineView({
    view: 'activity',
    label: 'Activity',
    icon: HistoryIcon,
    needsProperty: false,
    parameters: [],
    render: () => <ActivityView />,
  }),
  defineView({
    view: 'backups',
    label: 'Backups',
    icon: ArchiveIcon,
    needsProperty: false,
    parameters: [],
    render: () => <BackupsView />,
  }),
  defineView({
    view: 'account',
    label: 'Account',
    icon: UserRoundIcon,
    needsProperty: false,
    parameters: [],
    render: ({ operator }) => <AccountView operator={operator} />,
  }),
] as const;

export type ManageView = (typeof MANAGEMENT_VIEWS)[number]['view'];
export type ManageLocation = { view: ManageView; propertyId: string | null; month: string | null };
/** A change of place, and optionally the new view's own parameters (a bookings filter, say). */
export type ManageChange = Partial<ManageLocation> & { viewParameters?: Record<string, string> };

/** Parameters that belong to a view and to the property they were set on: a list's filters and page. */
export const PROPERTY_LIST_PARAMETERS = [...BOOKINGS_URL_PARAMETERS, ...REPORTS_URL_PARAMETERS];

export const findManagementView = (view: string | null) =>
  MANAGEMENT_VIEWS.find((definition) => definition.view === view);

/** Draws a view; one that needs a property gets it, or nothing when none is selected. */
export function renderManagementView(view: ManageView, context: ManagementViewContext): ReactNode {
  const definition = findManagementView(view);
  if (!definition) return null;
  const { property } = context;
  if (definition.needsProperty) return property ? definition.render({ ...context, property }) : null;
  return definition.render(context);
}
