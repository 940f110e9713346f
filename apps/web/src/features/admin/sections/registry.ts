import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminSectionId } from '../sections';

const section = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/**
 * Each dashboard section's screen, loaded (code and data) when the section is first selected (admin §2). One line
 * per section, each section in its own file under sections/; a section not listed shows the spec's placeholder.
 */
export const SECTION_COMPONENTS: Partial<Record<AdminSectionId, LazyExoticComponent<ComponentType>>> = {
  users: section(() => import('./UsersSection').then((m) => ({ default: m.UsersSection }))),
};
