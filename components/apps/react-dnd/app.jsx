// react-dnd with its HTML5 backend (native drag and drop), as its sortable
// example writes it: a card hovered past its middle swaps places with the
// dragged one, so the order changes during the drag.
import { useCallback, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DndProvider, useDrag, useDrop } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';

function Book({ title, index, move }) {
  const ref = useRef(null);
  const [, drop] = useDrop({
    accept: 'book',
    hover(item, monitor) {
      if (!ref.current || item.index === index) return;
      const r = ref.current.getBoundingClientRect();
      const y = monitor.getClientOffset().y - r.top;
      if (item.index < index && y < r.height / 2) return;
      if (item.index > index && y > r.height / 2) return;
      move(item.index, index);
      item.index = index;
    },
  });
  const [{ dragging }, drag] = useDrag({ type: 'book', item: () => ({ index }), collect: (m) => ({ dragging: m.isDragging() }) });
  drag(drop(ref));
  return <li ref={ref} style={{ opacity: dragging ? 0.3 : 1 }}>{title}</li>;
}

function App() {
  const [books, setBooks] = useState(['Middlemarch', 'Moby-Dick', 'Beloved', 'Dubliners']);
  const move = useCallback((from, to) => setBooks((b) => {
    const next = [...b];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    return next;
  }), []);
  return (
    <main>
      <h1>Reading list</h1>
      <ul>{books.map((t, i) => <Book key={t} title={t} index={i} move={move} />)}</ul>
      <p role="status">Order: {books.join(', ')}</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<DndProvider backend={HTML5Backend}><App /></DndProvider>);
