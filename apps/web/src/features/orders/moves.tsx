import { LuCircleCheck, LuSend } from 'react-icons/lu';
import { ORDER_TRANSITIONS, type OrderStatus } from '@pharm/validators';

/** An order's quick moves, Send and Fulfil: the list rows' and the order page's. */
const MOVES = [
  { status: 'Sent', label: 'Send', color: 'blue.600', icon: <LuSend /> },
  { status: 'Fulfilled', label: 'Mark as fulfilled', color: 'green.600', icon: <LuCircleCheck /> },
] as const;

/** The quick move the shared rules allow from `status`, if any. */
export function nextMove(status: OrderStatus) {
  return MOVES.find((next) => ORDER_TRANSITIONS[status].includes(next.status));
}
