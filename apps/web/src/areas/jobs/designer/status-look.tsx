import type { ComponentType } from 'react';
import {
  IconBolt,
  IconCalendarEvent,
  IconCash,
  IconCheck,
  IconClipboardCheck,
  IconClock,
  IconDroplet,
  IconFileInvoice,
  IconFlag,
  IconFlame,
  IconHome,
  IconMail,
  IconPhone,
  IconStar,
  IconTool,
  IconTruck,
  IconUser,
  type IconProps,
} from '@tabler/icons-react';
import { STATUS_COLORS, type TComponentType } from '@fieldbook/core';

type StatusColor = (typeof STATUS_COLORS)[number];

/** The Mantine colour of each status colour choice (spec §9). */
export const COLOR_SHADE: Record<StatusColor, string> = {
  primary: 'brand',
  warning: 'orange',
  success: 'green',
  danger: 'red',
  muted: 'gray',
};

export const COLOR_LABEL: Record<StatusColor, string> = {
  primary: 'Primary',
  warning: 'Warning',
  success: 'Success',
  danger: 'Danger',
  muted: 'Muted',
};

export const COLOR_OPTIONS = STATUS_COLORS.map((c) => ({ value: c, label: COLOR_LABEL[c] }));

/**
 * The icons a type or status may carry, by the name stored in `icon`. A name
 * this list does not know (saved elsewhere) is shown as no icon.
 */
export const ICONS: Record<string, ComponentType<IconProps>> = {
  calendar: IconCalendarEvent,
  tool: IconTool,
  truck: IconTruck,
  home: IconHome,
  clock: IconClock,
  check: IconCheck,
  clipboard: IconClipboardCheck,
  invoice: IconFileInvoice,
  cash: IconCash,
  user: IconUser,
  phone: IconPhone,
  mail: IconMail,
  bolt: IconBolt,
  droplet: IconDroplet,
  flame: IconFlame,
  flag: IconFlag,
  star: IconStar,
};

export const ICON_OPTIONS = Object.keys(ICONS).map((k) => ({
  value: k,
  label: k[0]!.toUpperCase() + k.slice(1),
}));

/** The icon of `name`, or nothing. */
export function StatusIcon({ name, size = 16 }: { name?: string | null; size?: number }) {
  // Own keys only: a stored name such as 'constructor' must not reach Object.prototype.
  const Icon = name && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
  return Icon ? <Icon size={size} aria-hidden /> : null;
}

/** What each component type is called on the screen. */
export const COMPONENT_TYPE_LABEL: Record<TComponentType, string> = {
  clientSelect: 'Client',
  text: 'Text',
  textArea: 'Long text',
  date: 'Date',
  switch: 'Switch',
  invoice: 'Invoice',
  document: 'Document',
  wording: 'Wording',
  select: 'Select',
  itemsSelect: 'Items',
  usersSelect: 'Team member',
  userSigniture: "Team member's signature",
  signiture: "Client's signature",
  comments: 'Comments',
  images: 'Images',
};
