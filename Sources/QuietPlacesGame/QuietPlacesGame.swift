// QuietPlacesGame
