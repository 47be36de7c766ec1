import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { Button, type ButtonProps } from 'antd';

type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string; children: ReactNode };

/**
 * A link that looks like a button. It renders a real <a href> (open in new tab, screen readers say
 * "link") and navigates client-side on a plain click, instead of nesting a <button> inside an <a>.
 */
export function ButtonLink({ to, children, ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button {...buttonProps} href={href} onClick={handleClick}>
      {children}
    </Button>
  );
}
