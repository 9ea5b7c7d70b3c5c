<?php
/** The name of the database for WordPress */
define( 'DB_NAME', 'wp_blog' );
define( 'DB_USER', 'wp_blog' );
define( 'DB_PASSWORD', 'Wp!Blog-Maria_77' );
define( 'DB_HOST', 'localhost' );
define( 'AUTH_KEY',         't`Dq|K2m;L9v@x4K!p7R+w3Z-n6B~c1H(d5J)f0S' );
define( 'SECURE_AUTH_KEY',  'Z8n#Bc1H$d5J%f0S^y8G&aQe*WrT_yUi+OpA=sDf' );
define( 'NONCE_SALT',       '<Qk9m>Lx2v{Zp8N}c4H[d6J]f1S|y0G;aQw:ErT' );
$table_prefix = 'wp_';
define( 'WP_DEBUG', false );
define( 'SMTP_PASS', "Wp-Smtp_Relay31" );
