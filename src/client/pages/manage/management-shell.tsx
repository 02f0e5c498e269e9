import { useQuery } from '@tanstack/react-query';
import { LogOutIcon, PencilIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Operator } from '@/domain/auth';
import { villaMonth } from '@/domain/dates';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { QueryLoadError } from '@/client/components/query-state';
import { Button } from '@/client/components/ui/button';
import { propertiesQuery, PropertyFormDialog } from '@/client/features/properties';
import { useSignOut } from '@/client/features/session';
import { cn } from '@/client/lib/utils';
import { LoadingScreen } from './loading-screen';
import {
  findManagementView,
  MANAGEMENT_VIEWS,
  renderManagementView,
  type ManageView,
} from './management-views';
import { useManageLocation } from './use-manage-location';

export const LOAD_PROPERTIES_FAILED_MESSAGE = 'Failed to load properties';

export function ManagementShell({ operator }: { operator: Operator }) {
  const properties = useQuery(propertiesQuery());
  const signOut = useSignOut();
  const location = useManageLocation();
  const [addOpen, setAddOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const openAddDialog = () => setAddOpen(true);

  useEffect(() => {
    if (properties.isError)
      toast.error('Error', { description: LOAD_PROPERTIES_FAILED_MESSAGE, id: 'load-properties' });
  }, [properties.isError, properties.errorUpdatedAt]);

  // The open view's tab is kept in sight in the row that scrolls on a phone.
  const activeTab = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location.view, properties.isPending]);

  if (properties.isPending) return <LoadingScreen />;

  const list = properties.data ?? [];
  const needsProperty = (name: ManageView) => Boolean(findManagementView(name)?.needsProperty);
  // A view that needs a property opens on the first when the URL names none (or a gone one), and falls
  // back to the dashboard when there is no property at all.
  const selected =
    list.find((property) => property.id === location.propertyId) ??
    (needsProperty(location.view) ? (list[0] ?? null) : null);
  const view: ManageView = needsProperty(location.view) && !selected ? 'dashboard' : location.view;
  // The villa's month, as the server counts it.
  const month = location.month ?? villaMonth();

  const selectProperty = (property: Wire<Property>) => location.navigate({ propertyId: property.id });
  const openView = (next: ManageView) =>
    location.navigate(
      needsProperty(next) && selected === null && list[0]
        ? { view: next, propertyId: list[0].id }
        : { view: next },
    );

  return (
    <div className="min-h-dvh">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">Where Peace Lives</p>
            <h1 className="font-display text-2xl leading-tight font-semibold sm:text-3xl">
              Villa Management
            </h1>
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <span className="hidden text-sm text-muted-foreground sm:inline" title="Signed in">
              {operator.email}
            </span>
            <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              <LogOutIcon aria-hidden="true" />
              Sign Out
            </Button>
          </div>
        </div>
        <nav aria-label="Management views" className="mx-auto max-w-7xl px-4 pb-3 sm:px-6">
          {/* One row that scrolls sideways on a phone (a grid of every view took 240 px before any
              content); the whole row, wrapping if it must, on a wide screen. */}
          <ul className="flex gap-1 overflow-x-auto rounded-lg bg-muted p-1 [scrollbar-width:thin] lg:inline-flex lg:flex-wrap lg:overflow-visible">
            {MANAGEMENT_VIEWS.map((item) => {
              const Icon = item.icon;
              const active = item.view === view;
              return (
                <li key={item.view} className="shrink-0">
                  <Button
                    ref={active ? activeTab : undefined}
                    variant="ghost"
                    size="sm"
                    className={cn(
                      'w-full px-3 sm:px-4',
                      active
                        ? 'bg-card text-foreground shadow-sm hover:bg-card'
                        : 'text-muted-foreground hover:bg-card/60',
                    )}
                    aria-current={active ? 'page' : undefined}
                    disabled={item.needsProperty && list.length === 0}
                    onClick={() => openView(item.view)}
                  >
                    <Icon aria-hidden="true" className="hidden sm:block" />
                    {item.label}
                  </Button>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>

      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {selected ? (
              <>
                Selected property: <span className="font-semibold text-foreground">{selected.name}</span>
              </>
            ) : (
              'All properties. Pick one on the Properties view to edit it or to see its calendar first.'
            )}
          </p>
          {selected ? (
            <Button type="button" variant="outline" onClick={() => setEditOpen(true)}>
              <PencilIcon aria-hidden="true" /> Edit Property
            </Button>
          ) : null}
          {selected && editOpen ? (
            <PropertyFormDialog
              property={selected}
              open
              onOpenChange={setEditOpen}
              onDeactivated={() => location.navigate({ propertyId: null, view: 'dashboard' })}
            />
          ) : null}
        </div>
        {properties.isError && !properties.data ? (
          <QueryLoadError what="properties" query={properties} />
        ) : (
          renderManagementView(view, {
            operator,
            properties: list,
            property: selected,
            month,
            navigate: location.navigate,
            openView,
            selectProperty,
            openAddDialog,
          })
        )}
      </main>

      {addOpen ? <PropertyFormDialog open onOpenChange={setAddOpen} signedIn={Boolean(operator)} /> : null}
    </div>
  );
}
