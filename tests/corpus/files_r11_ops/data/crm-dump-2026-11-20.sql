-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
-- Host: 10.0.2.14    Database: crm
/*!40101 SET NAMES utf8mb4 */;
DROP TABLE IF EXISTS `integrations`;
CREATE TABLE `integrations` (
  `id` int NOT NULL AUTO_INCREMENT,
  `provider` varchar(32) NOT NULL,
  `api_key` varchar(128) DEFAULT NULL,
  `api_secret` varchar(128) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO `integrations` VALUES (1,'mailchimp','4f9a1c7e2b8d3f60a5c9e1b7d2f4a8c3-us21',NULL),(2,'hubspot','pat-eu1-8c3e6b0d-9f14-4f9a-b1c7-e2b8d3f60a5c',NULL),(3,'ftp','backup','Ftp-Crm_Backup!4');
LOCK TABLES `settings` WRITE;
INSERT INTO `settings` (`name`,`value`) VALUES ('smtp_password','Crm-Mail_Relay88'),('company_name','Example Trading BV'),('invoice_prefix','INV-');
CREATE USER 'crm_app'@'%' IDENTIFIED BY 'Crm#App#User#2026';
ALTER USER 'report'@'10.0.%' IDENTIFIED WITH mysql_native_password BY 'rapport-maandag';
UNLOCK TABLES;
