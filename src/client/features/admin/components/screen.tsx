import type { ReactNode } from 'react';
import { Page } from '../../../components/page';

/** The frame of a staff screen: its title and the screen. */
export function Screen({ title, children }: { title: string; children: ReactNode }) {
  return <Page title={title}>{children}</Page>;
}

export const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');
