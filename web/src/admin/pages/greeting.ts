/** The welcome page's greeting key for an hour of the day. */
export const greetingKey = (hour: number) =>
  hour < 5 ? 'night' : hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : hour < 23 ? 'evening' : 'night'
