import ICAL from 'ical.js';

/**
 * An invite as a calendar reads it (docs/decisions/032-workshop-delivered.md): parsed by ical.js,
 * a maintained iCalendar parser, its start read through the VTIMEZONE it carries.
 */
export function readInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    zone: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
    /** The start as the UK's wall clock says it. */
    localStart: event.startDate.toString(),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: vevent.getFirstPropertyValue('status'),
    location: vevent.getFirstPropertyValue('location'),
    description: event.description,
    // The scheme's case is the writer's choice (RFC 3986 reads it either way).
    organizer: String(vevent.getFirstPropertyValue('organizer')).toLowerCase(),
    attendee: String(vevent.getFirstPropertyValue('attendee')).toLowerCase(),
    attendeeName: vevent.getFirstProperty('attendee')?.getParameter('cn'),
  };
}
