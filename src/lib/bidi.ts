/**
 * A label drawn inside a chart's SVG. Mantine's charts lay the SVG out left to right whatever the
 * page's direction, so an Arabic axis label was reordered: the date `29‏/11‏/2026، 6:00 ص` read
 * `‏/11/2026، 6:00 ص29`. A first-strong isolate (FSI ... PDI) gives each label the direction of its
 * own first strong character: the right-to-left mark in an Arabic date, a Latin month name, an
 * answer written in either script. The marks draw nothing, in the SVG or in the chart's tooltip.
 */
export const chartLabel = (text: string): string => `\u2068${text}\u2069`;
