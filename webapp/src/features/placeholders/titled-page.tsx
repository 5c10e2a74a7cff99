import { H2 } from '@blueprintjs/core';

interface TitledPageProps {
  title: string;
}

/** A page that so far shows only its title; later issues fill these areas. */
export default function TitledPage({ title }: TitledPageProps) {
  return <H2>{title}</H2>;
}
