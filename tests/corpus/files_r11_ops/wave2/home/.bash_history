sudo apt-get update && sudo apt-get install -y postgresql-client
mysql --user=root --password=Ardennen#Bos#1944x -e 'show databases'
sshpass -p 'Zomer-Terras-808' ssh -o StrictHostKeyChecking=no pi@192.168.1.50
openssl enc -aes-256-cbc -salt -in backup.tar -out backup.tar.enc -k Versleuteld_Archief_2026
tail -f /var/log/nginx/error.log
export CF_API_TOKEN=Kq2vR8nL5kP9tW3zY7bM1cD4fG6hJ8kL0mN2pQ4s
rclone config password remote pass Rcl0ne-Drive!Sync
git log --oneline -5
