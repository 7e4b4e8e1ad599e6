// @hello-pangea/dnd (react-beautiful-dnd's fork, React): a droppable list
// of draggables; a drag starts past its 5 px slop, items animate out of
// the way, the order changes on drop.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DragDropContext, Draggable, Droppable } from '@hello-pangea/dnd';

function App() {
  const [steps, setSteps] = useState(['Pack the tent', 'Fill the water', 'Check the map', 'Lock the car']);
  const onDragEnd = ({ source, destination }) => {
    if (!destination) return;
    const next = [...steps];
    const [moved] = next.splice(source.index, 1);
    next.splice(destination.index, 0, moved);
    setSteps(next);
  };
  return (
    <main>
      <h1>Checklist</h1>
      <DragDropContext onDragEnd={onDragEnd}>
        <Droppable droppableId="steps">
          {(drop) => (
            <ul ref={drop.innerRef} {...drop.droppableProps}>
              {steps.map((id, i) => (
                <Draggable key={id} draggableId={id} index={i}>
                  {(drag) => <li ref={drag.innerRef} {...drag.draggableProps} {...drag.dragHandleProps}>{id}</li>}
                </Draggable>
              ))}
              {drop.placeholder}
            </ul>
          )}
        </Droppable>
      </DragDropContext>
      <p role="status">Order: {steps.join(', ')}</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
