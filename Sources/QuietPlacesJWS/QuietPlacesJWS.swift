// QuietPlacesJWS
