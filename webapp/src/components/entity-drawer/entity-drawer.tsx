import { Drawer } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** Width shared by the entity drawers (spec 01 §9). */
export const DRAWER_WIDTH = 600;

interface EntityDrawerProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}

/**
 * The side drawer that holds an entity form. Whether it is open follows the route; closing it
 * asks the page to navigate away.
 */
export function EntityDrawer({ isOpen, title, onClose, children, width = DRAWER_WIDTH }: EntityDrawerProps) {
  return (
    // Escape belongs to the pickers inside the form (it closes their lists); closing the drawer
    // with it would drop a half-filled form.
    <Drawer
      isOpen={isOpen}
      title={title}
      onClose={onClose}
      size={width}
      className="pd-entity-drawer"
      canOutsideClickClose={false}
      canEscapeKeyClose={false}
    >
      {children}
    </Drawer>
  );
}
