// dnd-kit (React): a sortable list with the pointer sensor (a drag starts
// past 8 px) and the keyboard sensor, items moved with CSS transforms
// while dragging, the order changed on drop.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DndContext, closestCenter, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

function Task({ id }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id });
  return <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} {...attributes} {...listeners}>{id}</li>;
}

function App() {
  const [tasks, setTasks] = useState(['Write the spec', 'Review the design', 'Fix the login bug', 'Ship the release']);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }) => {
    if (over && active.id !== over.id) setTasks((t) => arrayMove(t, t.indexOf(active.id), t.indexOf(over.id)));
  };
  return (
    <main>
      <h1>Backlog</h1>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={tasks} strategy={verticalListSortingStrategy}>
          <ul>{tasks.map((id) => <Task key={id} id={id} />)}</ul>
        </SortableContext>
      </DndContext>
      <p role="status">Order: {tasks.join(', ')}</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
