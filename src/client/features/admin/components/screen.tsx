import type { ReactNode } from 'react';
import { Page } from '#client/components/page';
import { ADMIN_TEXTS } from '../texts';

/** The frame of a staff screen: its title and the screen. */
export function Screen({ title, children }: { title: string; children: ReactNode }) {
  return <Page title={title}>{children}</Page>;
}

export const yesNo = (value: boolean) => (value ? ADMIN_TEXTS.sim : ADMIN_TEXTS.nao);
