// QuietPlacesStore
