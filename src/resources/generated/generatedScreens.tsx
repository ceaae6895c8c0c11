import ViewListIcon from '@mui/icons-material/ViewList';
import { lazy } from 'react';
import type { ResourceManifest } from '../../domain/resources';
import type { ListScreenProps, ResourceScreens } from '../types';

/**
 * The screens the field kit generates from a manifest entry (src/resources/generated/*), loaded
 * lazily like hand-written ones: a list, a show page, a create form when the manifest has a create
 * rule and an edit form when it has an update rule (the server serves PUT only then). A folder's `definePanelOverrides` replaces any of them, screen by screen.
 */
export function generatedScreens(manifest: ResourceManifest): ResourceScreens {
  return {
    list: lazy(async () => {
      const { GeneratedList } = await import('./GeneratedList');
      return { default: (props: ListScreenProps) => <GeneratedList manifest={manifest} {...props} /> };
    }),
    show: lazy(async () => {
      const { GeneratedShow } = await import('./GeneratedShow');
      return { default: () => <GeneratedShow manifest={manifest} /> };
    }),
    ...(manifest.create && {
      create: lazy(async () => {
        const { GeneratedCreate } = await import('./GeneratedForm');
        return { default: () => <GeneratedCreate manifest={manifest} /> };
      }),
    }),
    ...(manifest.update && {
      edit: lazy(async () => {
        const { GeneratedEdit } = await import('./GeneratedForm');
        return { default: () => <GeneratedEdit manifest={manifest} /> };
      }),
    }),
    icon: ViewListIcon,
  };
}
