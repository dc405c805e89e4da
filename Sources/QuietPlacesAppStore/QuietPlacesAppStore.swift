// QuietPlacesAppStore
