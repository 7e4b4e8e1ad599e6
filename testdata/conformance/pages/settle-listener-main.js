// the main module of settle-listener.html: boots the app once its store is loaded
define('settle-listener-main', ['settle-listener-store', 'settle-listener-app'], (store, app) => app(store));
