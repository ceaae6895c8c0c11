import { ResourceContextProvider, useTranslate } from 'react-admin';
import { Route, useParams } from 'react-router';
import { ScreenAccess } from '../resources/shared/ScreenAccess';
import type { ResourceAliasRoute, ResourceDefinition } from '../resources/types';
import { ScreenNotAvailable } from './ScreenNotAvailable';

function AliasScreen({ resource, alias }: { resource: ResourceDefinition; alias: ResourceAliasRoute }) {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const resourceName = (count: number) => translate(`resources.${resource.path}.name`, { smart_count: count });

  if (alias.view === 'list') {
    const List = resource.list;
    const filter = 'filterFromId' in alias ? alias.filterFromId(id) : alias.filter;
    const storeKey = 'storeKey' in alias ? alias.storeKey : undefined;
    return (
      <ScreenAccess action="list">
        <List filter={filter} storeKey={storeKey} title={alias.titleKey ? translate(alias.titleKey) : undefined} />
      </ScreenAccess>
    );
  }
  if (alias.view === 'custom') {
    const Custom = alias.screen;
    return <Custom />;
  }
  const Screen = alias.view === 'show' ? resource.show : resource.create;
  if (Screen) {
    return (
      <ScreenAccess action={alias.view}>
        <Screen />
      </ScreenAccess>
    );
  }
  const title =
    alias.view === 'create'
      ? translate('ra.page.create', { name: resourceName(1) })
      : translate('ra.page.show', { name: resourceName(1), id });
  return <ScreenNotAvailable title={title} />;
}

/**
 * Routes of the spec's table that show a resource's screens away from its own
 * URL base: /role-management/roles, /driver-management/approved-drivers,
 * /staff-management/profile/:id, /staff-management/create…
 */
export const resourceAliasRoutes = (resources: readonly ResourceDefinition[]) =>
  resources.flatMap((resource) =>
    (resource.aliasRoutes ?? []).map((alias) => (
      <Route
        key={alias.path}
        path={`/${alias.path}`}
        element={
          <ResourceContextProvider value={resource.path}>
            <AliasScreen resource={resource} alias={alias} />
          </ResourceContextProvider>
        }
      />
    )),
  );
