import type { CSSProperties, ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';

interface SortableListProps<T> {
  items: T[];
  idOf: (item: T) => string;
  /** What people (and screen readers) call an item. */
  nameOf: (item: T) => string;
  /** Accessible name of the list. */
  label: string;
  /** Accessible name of an item's drag handle, e.g. `Move ${name}`. */
  handleLabel: (name: string) => string;
  onMove: (activeId: string, overId: string) => void;
  /** The row's content; `handle` is the drag handle to place in it. */
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
  rowStyle?: (isDragging: boolean) => CSSProperties;
}

/**
 * A vertical list reordered by drag and drop, by pointer or keyboard (focus a handle, Space, arrows,
 * Space), with announcements that name the item and its position.
 */
export function SortableList<T>(props: SortableListProps<T>) {
  const { items, idOf, nameOf } = props;
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click inside a row still works.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const ids = items.map(idOf);
  const name = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => idOf(candidate) === id);
    return item ? nameOf(item) : String(id);
  };
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} moved to position ${position(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at position ${position(over.id)} of ${ids.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) props.onMove(String(active.id), String(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={props.label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, index) => (
            <SortableRow
              key={idOf(item)}
              id={idOf(item)}
              handleLabel={props.handleLabel(nameOf(item))}
              rowStyle={props.rowStyle}
            >
              {(handle) => props.renderItem(item, index, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow(props: {
  id: string;
  handleLabel: string;
  rowStyle?: (isDragging: boolean) => CSSProperties;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={props.handleLabel}
      style={{
        cursor: isDragging ? 'grabbing' : 'grab',
        border: 'none',
        background: 'transparent',
        padding: 4,
        color: '#64748b',
        touchAction: 'none',
      }}
    >
      <HolderOutlined />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        ...props.rowStyle?.(isDragging),
      }}
    >
      {props.children(handle)}
    </li>
  );
}
