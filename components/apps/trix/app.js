// Trix (Basecamp): a rich-text editor custom element with its toolbar.
import 'trix';
import 'trix/dist/trix.css';

document.getElementById('compose').addEventListener('submit', (e) => {
  e.preventDefault();
  const editor = document.getElementById('body');
  const bold = [...editor.querySelectorAll('strong')].map((s) => s.textContent.trim()).join('+');
  document.getElementById('out').textContent =
    `Sent: subject=${document.getElementById('subject').value}, text="${editor.textContent.trim()}", bold=${bold}`;
});
